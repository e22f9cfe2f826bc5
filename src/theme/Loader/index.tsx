/** Something loading on demand: nothing for the first 200 ms, then a centred animated loader; on failure, the error and Retry. */
import { useEffect, useState } from 'react';
import { Translate, useTranslate } from '../Translate/index.js';

/** How long a load may take before the loader shows (SPEC §9), so fast loads never flash it. */
export const LOADER_DELAY_MS = 200;

export interface LoaderProps {
  /** Set when loading failed: the text shown above the Retry button. */
  readonly error?: string | undefined;
  readonly onRetry?: (() => void) | undefined;
  readonly delayMs?: number;
}

export function Loader({ error, onRetry, delayMs = LOADER_DELAY_MS }: LoaderProps) {
  const t = useTranslate();
  const [pastDelay, setPastDelay] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setPastDelay(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (error !== undefined) {
    return (
      <div className="loader-error" role="alert">
        <p className="loader-error__text">{error}</p>
        <button type="button" className="loader-error__retry" onClick={onRetry}>
          <Translate id="theme.Loader.retry">Retry</Translate>
        </button>
      </div>
    );
  }
  if (!pastDelay) return null;
  return (
    <div className="loader" role="status" aria-label={t({ id: 'theme.Loader.ariaLabel', message: 'Loading' })}>
      <span className="loader__ring" />
    </div>
  );
}
