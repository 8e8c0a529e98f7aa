export { ToggleSwitch, type ToggleSwitchProps } from './ToggleSwitch';
