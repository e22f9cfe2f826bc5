/** Light/dark switch (only when the configuration enables it); both icons render, CSS shows the right one. */
import { writeStorage } from '../utils/storage.js';
import { IconMoon, IconSun } from '../Icons/index.js';
import { useTranslate } from '../Translate/index.js';

/** Flips `html[data-theme]` and remembers the choice under the `theme` storage key. */
function toggleColorMode(): void {
  const root = document.documentElement;
  const next = root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
  root.setAttribute('data-theme', next);
  // Without storage (private mode) the switch still works for this page.
  writeStorage('theme', next);
}

export function ColorModeToggle({ className }: { className?: string }) {
  const t = useTranslate();
  const label = t({ id: 'theme.colorToggle.ariaLabel', message: 'Switch between dark and light mode' });
  return (
    <button
      type="button"
      className={className ? `color-mode-toggle ${className}` : 'color-mode-toggle'}
      aria-label={label}
      title={label}
      onClick={toggleColorMode}
    >
      <IconSun className="color-mode-toggle__icon color-mode-toggle__icon--light" />
      <IconMoon className="color-mode-toggle__icon color-mode-toggle__icon--dark" />
    </button>
  );
}
