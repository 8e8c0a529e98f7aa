/** The panel of detail and form screens lives in the detail kit; forms import it from here. */
export { Panel, type PanelProps } from '../kit/detail/Panel';
