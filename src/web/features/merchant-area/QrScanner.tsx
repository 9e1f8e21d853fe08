import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { createQrDetector, type QrDetector } from './qr-detector';
import { RedemptionPanel, type CounterResult } from './RedemptionPanel';
import './counter.css';

export const CAMERA_REFUSED =
  'Camera access was refused. Allow the camera for this site in your browser settings, or type the code instead.';
export const CAMERA_MISSING = 'No camera was found on this device. Type the code instead.';
export const CAMERA_FAILED = 'The camera could not be started. Type the code instead.';
export const SCANNER_FAILED = 'The scanner could not be loaded. Check your connection, or type the code instead.';

/** How often a video frame is looked at: quick enough to feel instant, light on a phone's battery. */
const SCAN_EVERY_MS = 150;
/** After Scan next, the voucher just handled is often still in view: it is ignored for this long. */
const SAME_CODE_PAUSE_MS = 3_000;

/** The voucher QR holds the 8-character code; spaces and lower case are cleaned as in the code box. */
const scannedCode = (raw: string) => raw.replace(/\s+/g, '').toUpperCase().slice(0, 100);

type Phase =
  | { kind: 'starting' }
  | { kind: 'scanning' }
  | { kind: 'redeeming'; code: string }
  | { kind: 'result'; result: CounterResult }
  | { kind: 'failed'; message: string };

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_REFUSED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return CAMERA_MISSING;
  return CAMERA_FAILED;
}

/** The torch is a camera capability only some browsers report (Chrome on Android): `torch` in its capabilities. */
interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}
const torchOf = (stream: MediaStream): MediaStreamTrack | undefined => {
  const [track] = stream.getVideoTracks();
  const capabilities: TorchCapabilities | undefined = track?.getCapabilities?.();
  return capabilities?.torch ? track : undefined;
};

/** A short buzz for success, three for anything else, where the phone can (docs/COUNTER.md). */
function vibrate(result: CounterResult) {
  if (typeof navigator.vibrate !== 'function') return;
  navigator.vibrate(result.status === 'success' ? 120 : [80, 60, 80, 60, 80]);
}

/**
 * The full-screen camera scanner (docs/COUNTER.md): the rear camera, a QR code read from the video, the code
 * redeemed at once (`redeem`, the same call as typing) and its result shown large; Scan next resumes, Close stops
 * the camera. Loaded only when the merchant taps Scan QR.
 */
export default function QrScanner({
  redeem,
  onClose,
  followUp,
  onFollowUp,
}: {
  redeem: (code: string) => Promise<CounterResult>;
  onClose: () => void;
  /** A result that needs more (a bill, a reason: docs/COUNTER.md "Offer rules at the counter"): its button's words. */
  followUp: (result: CounterResult) => string | undefined;
  /** Closes the scanner and goes on at the code box, where the same result shows. */
  onFollowUp: (result: CounterResult) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const detector = useRef<QrDetector | null>(null);
  const last = useRef<{ code: string; resumedAt: number } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  // A dark counter: the torch where the camera has one (docs/COUNTER.md "Redeeming").
  const [torch, setTorch] = useState<{ track: MediaStreamTrack; on: boolean } | null>(null);

  // The dialog is modal from the start: the page behind is inert and Esc closes it.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  // Camera and detector once; the stream stops when the scanner closes.
  useEffect(() => {
    let stream: MediaStream | undefined;
    let cancelled = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
      const [media, found] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        createQrDetector().catch((error: unknown) => {
          console.error('QR detector failed to load', error);
          throw new Error(SCANNER_FAILED);
        }),
      ]);
      stream = media;
      if (cancelled) return;
      detector.current = found;
      const element = video.current!;
      element.srcObject = media;
      await element.play();
      if (cancelled) return;
      const track = torchOf(media);
      if (track) setTorch({ track, on: false });
      setPhase({ kind: 'scanning' });
    })().catch((error: unknown) => {
      if (cancelled) return;
      setPhase({
        kind: 'failed',
        message: error instanceof Error && error.message === SCANNER_FAILED ? SCANNER_FAILED : cameraMessage(error),
      });
    });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const found = useCallback(
    async (code: string) => {
      last.current = { code, resumedAt: Number.POSITIVE_INFINITY };
      setPhase({ kind: 'redeeming', code });
      const result = await redeem(code);
      vibrate(result);
      setPhase({ kind: 'result', result });
    },
    [redeem],
  );

  // Looks at a frame every SCAN_EVERY_MS while scanning; stops at the first code.
  useEffect(() => {
    if (phase.kind !== 'scanning') return;
    let timer: number | undefined;
    let stopped = false;
    const tick = async () => {
      const element = video.current;
      if (stopped || !element || !detector.current) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          const [first] = await detector.current.detect(element);
          const code = first?.rawValue ? scannedCode(first.rawValue) : '';
          const justHandled = last.current?.code === code && Date.now() - last.current.resumedAt < SAME_CODE_PAUSE_MS;
          if (!stopped && code && !justHandled) {
            void found(code);
            return;
          }
        } catch {
          // A frame that could not be read: try the next one.
        }
      }
      if (!stopped) timer = window.setTimeout(() => void tick(), SCAN_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [phase.kind, found]);

  const switchTorch = () => {
    if (!torch) return;
    const on = !torch.on;
    torch.track
      .applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      .then(() => setTorch({ track: torch.track, on }))
      .catch((error: unknown) => console.warn('Torch could not be switched', error));
  };

  const scanNext = () => {
    if (last.current) last.current.resumedAt = Date.now();
    setPhase({ kind: 'scanning' });
  };

  return (
    <dialog
      ref={dialog}
      className="ma-scanner"
      aria-label="Scan voucher QR code"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <video ref={video} className="ma-scanner-video" muted playsInline aria-hidden="true" />
      {(phase.kind === 'starting' || phase.kind === 'scanning') && (
        <div className="ma-scanner-frame" aria-hidden="true" />
      )}
      <div className="ma-scanner-top">
        <p className="ma-scanner-hint" role="status">
          {phase.kind === 'starting'
            ? 'Starting the camera...'
            : phase.kind === 'scanning'
              ? 'Point the camera at the QR code on the voucher'
              : phase.kind === 'redeeming'
                ? `Validating ${phase.code}...`
                : ''}
        </p>
        {torch && (
          <Button variant="secondary" className="ma-scanner-close" onClick={switchTorch} aria-pressed={torch.on}>
            {torch.on ? 'Torch off' : 'Torch'}
          </Button>
        )}
        <Button variant="secondary" className="ma-scanner-close" onClick={onClose}>
          Close
        </Button>
      </div>
      {phase.kind === 'failed' && (
        <div className="ma-scanner-sheet">
          <p className="ma-scanner-error" role="alert">
            {phase.message}
          </p>
          <Button className="ma-scanner-action" onClick={onClose}>
            Type the code
          </Button>
        </div>
      )}
      {phase.kind === 'result' && (
        <div className="ma-scanner-sheet" aria-live="assertive">
          <RedemptionPanel result={phase.result} size="large" />
          {followUp(phase.result) && (
            <Button className="ma-scanner-action" onClick={() => onFollowUp(phase.result)} autoFocus>
              {followUp(phase.result)}
            </Button>
          )}
          <div className="ma-scanner-actions">
            <Button
              className="ma-scanner-action"
              variant={followUp(phase.result) ? 'secondary' : 'primary'}
              onClick={scanNext}
              autoFocus={!followUp(phase.result)}
            >
              Scan next
            </Button>
            <Button variant="secondary" className="ma-scanner-action" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
