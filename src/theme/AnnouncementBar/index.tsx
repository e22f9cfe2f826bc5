/** The optional banner above the navbar; a closeable one stays dismissed until its id changes. */
import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../utils/storage.js';
import { IconClose } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';

/** Browser storage keys, shared with the head script that hides a dismissed bar before first paint. */
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

function readDismissed(id: string): boolean {
  return readStorage(ANNOUNCEMENT_ID_KEY) === id && readStorage(ANNOUNCEMENT_DISMISS_KEY) === 'true';
}

export function AnnouncementBar() {
  const { site } = useThemeContext();
  const t = useTranslate();
  const bar = site.announcementBar;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (bar?.isCloseable && readDismissed(bar.id)) setDismissed(true);
  }, [bar?.id, bar?.isCloseable]);
  if (!bar || dismissed) return null;
  const close = () => {
    setDismissed(true);
    // Without storage the bar is closed for this page only.
    writeStorage(ANNOUNCEMENT_ID_KEY, bar.id);
    writeStorage(ANNOUNCEMENT_DISMISS_KEY, 'true');
  };
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label={t({ id: 'theme.AnnouncementBar.ariaLabel', message: 'Announcement' })}
      data-closeable={bar.isCloseable ? 'true' : undefined}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {bar.isCloseable && <div className="announcement-bar__placeholder" />}
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button
          type="button"
          className="announcement-bar__close"
          aria-label={t({ id: 'theme.AnnouncementBar.closeButtonAriaLabel', message: 'Close' })}
          onClick={close}
        >
          <IconClose />
        </button>
      )}
    </div>
  );
}
