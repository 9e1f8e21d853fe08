// The hotels feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { publicConfigQuery } from './api';
export { claimSettingsQuery, placementsQuery } from './placements/api';
export { scanUrl } from './qr';
export { RoomCardButtons } from './RoomCardButtons';
export { ScanAddressWarning } from './ScanAddressWarning';
export { useQrCode } from './use-qr-code';
