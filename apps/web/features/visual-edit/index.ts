// The public entry of visual-edit: pointing at an element of the preview and changing it without a
// model call — the picker's hook and button, the edit panel, the selection the chat and the Code tab read.
export { useElementPicker } from './use-element-picker';
export { SelectElementButton } from './select-element-button';
export { EditElementPanel } from './edit-element-panel';
export { ElementChip } from './element-chip';
export { selectionFor } from './selection-store';
export { useSelection } from './use-selection';
