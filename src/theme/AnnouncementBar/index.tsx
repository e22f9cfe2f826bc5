// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/** The optional banner above the navbar; a closeable one stays dismissed until its id changes. */
import { useEffect, useState } from 'react';
import { IconClose } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';

/** Browser storage keys, shared with the head script that hides a dismissed bar before first paint. */
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

function readDismissed(id: string): boolean {
  try {
    return localStorage.getItem(ANNOUNCEMENT_ID_KEY) === id && localStorage.getItem(ANNOUNCEMENT_DISMISS_KEY) === 'true';
  } catch {
    return false;
  }
}

export function AnnouncementBar() {
  const { site } = useThemeContext();
  const bar = site.announcementBar;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (bar?.isCloseable && readDismissed(bar.id)) setDismissed(true);
  }, [bar?.id, bar?.isCloseable]);
  if (!bar || dismissed) return null;
  const close = () => {
    setDismissed(true);
    try {
      localStorage.setItem(ANNOUNCEMENT_ID_KEY, bar.id);
      localStorage.setItem(ANNOUNCEMENT_DISMISS_KEY, 'true');
    } catch {
      // Without storage the bar is closed for this page only.
    }
  };
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      data-closeable={bar.isCloseable ? 'true' : undefined}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {bar.isCloseable && <div className="announcement-bar__placeholder" />}
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar__close" aria-label="Close" onClick={close}>
          <IconClose />
        </button>
      )}
    </div>
  );
}
