// The hotel area's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { RoomCardButtons } from './RoomCardButtons';
