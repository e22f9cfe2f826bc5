/**
 * A page navigation's state over the page being left (SPEC §4): the centred loader once loading has taken 200 ms, or
 * the failed state with Retry. The page underneath stays usable: only the error box takes the pointer.
 */
import { Loader } from './index.js';
import { useTranslate } from '../Translate/index.js';

export interface PageLoaderProps {
  /** The path being loaded, named in the error text. */
  readonly path: string;
  /** Set when loading failed: why. */
  readonly error?: string | undefined;
  readonly onRetry?: (() => void) | undefined;
}

export function PageLoader({ path, error, onRetry }: PageLoaderProps) {
  const t = useTranslate();
  const text =
    error === undefined
      ? undefined
      : t(
          {
            id: 'theme.PageLoader.loadError',
            message: 'Could not load {path}: {message}',
            description: 'The text of the failed state of a page navigation, above its Retry button',
          },
          { path, message: error },
        );
  return (
    <div className="page-loader">
      <Loader error={text} onRetry={onRetry} />
    </div>
  );
}
