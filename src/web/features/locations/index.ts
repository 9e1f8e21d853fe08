// The locations feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { locationsQuery } from './api';
export { LocationSelect } from './LocationSelect';
export { useLocationField } from './LocationSelectField';
export { useLocationList } from './use-location-list';
