export { Typeahead, type TypeaheadProps, typeaheadDefaults, typeaheadMessages } from './Typeahead';
