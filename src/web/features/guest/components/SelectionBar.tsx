import { useEffect, useRef, type RefObject } from 'react';
import { MAX_VOUCHERS_PER_SCAN } from '../../../../shared/constants';
import { useGuestI18n } from '../i18n/i18n';

interface Props {
  count: number;
  busy: boolean;
  onSelectMore?: () => void;
  onConfirm: () => void;
}

/**
 * The selected summary, within thumb reach at the bottom of the screen. It is the page's last block, stuck to the
 * bottom (guest.css), so the page always has room for it below the last offer, whatever its height on this phone.
 */
export function SelectionBar({ count, busy, onSelectMore, onConfirm }: Props) {
  const { t } = useGuestI18n();
  const bar = useRef<HTMLDivElement>(null);
  useBarInsets(bar);
  return (
    <div ref={bar} className="selection-bar" role="region" aria-label={t.selection.label}>
      <p className="selection-count">
        <strong>{count}</strong>
        {t.selection.countAfter(MAX_VOUCHERS_PER_SCAN)}
      </p>
      <div className="selection-actions">
        {onSelectMore && (
          <button type="button" className="btn btn-secondary" onClick={onSelectMore}>
            {t.selection.selectMore}
          </button>
        )}
        <button type="button" className="btn btn-primary guest-cta" disabled={busy || count === 0} onClick={onConfirm}>
          {busy ? t.selection.busy : t.selection.confirm(count)}
        </button>
      </div>
    </div>
  );
}

/** Wider than sonner's phone breakpoint, toasts come from the bottom (lib/toast-position.ts). */
const TOASTS_AT_BOTTOM = '(min-width: 601px)';

/**
 * CSS variables on the root for what the bar must clear, set only when they change (a change restyles the page):
 * `--keyboard-inset`, the part of the page an open on-screen keyboard covers (the layout viewport's bottom below the
 * visual viewport's), which the bar rides above; and, where toasts come from the bottom, `--selection-bar-height`,
 * which they rise above. Nothing is read on a phone until the visual viewport changes (a keyboard opening or
 * closing): reading sizes as the bar mounts would lay the new page out twice, a long task on a slow phone.
 */
function useBarInsets(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const set = (name: string, px: number) => {
      if ((root.getPropertyValue(name) || '0px') !== `${px}px`) root.setProperty(name, `${px}px`);
    };
    const viewport = window.visualViewport;
    const keyboard = () =>
      // Pinch zoom also shrinks the visual viewport: only an unzoomed page's gap is a keyboard.
      set(
        '--keyboard-inset',
        viewport && viewport.scale <= 1.01
          ? Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop))
          : 0,
      );
    viewport?.addEventListener('resize', keyboard);
    viewport?.addEventListener('scroll', keyboard);
    const toastsAtBottom = window.matchMedia(TOASTS_AT_BOTTOM);
    const resized = new ResizeObserver(([entry]) => {
      if (toastsAtBottom.matches && entry) set('--selection-bar-height', Math.round(entry.borderBoxSize[0]!.blockSize));
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      viewport?.removeEventListener('resize', keyboard);
      viewport?.removeEventListener('scroll', keyboard);
      root.removeProperty('--selection-bar-height');
      root.removeProperty('--keyboard-inset');
    };
  }, [bar]);
}
