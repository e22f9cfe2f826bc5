/** The navbar search button: magnifier, 'Search' label and a Ctrl K hint; the search runtime opens the modal. */
import { useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { IconSearch } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';

export function SearchButton() {
  const { hooks } = useThemeContext();
  const t = useTranslate();
  const label = t({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The label and ARIA label of the navbar search button',
  });
  // Rendered as 'Ctrl' on the server; Apple devices switch to the Command sign after hydration.
  const [modifier, setModifier] = useState('Ctrl');
  useEffect(() => {
    if (/Mac|iPhone|iPad|iPod/.test(navigator.platform)) setModifier('⌘');
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const typed = event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (typed && hooks.openSearch) {
      event.preventDefault();
      hooks.openSearch(event.key);
    }
  };
  const preload = hooks.preloadSearch;
  return (
    <button
      type="button"
      className="search-button"
      aria-label={label}
      aria-keyshortcuts="Control+K Meta+K"
      onClick={() => hooks.openSearch?.()}
      onKeyDown={onKeyDown}
      onPointerEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
    >
      <span className="search-button__placeholder">
        <IconSearch className="search-button__icon" />
        <span className="search-button__label">{label}</span>
      </span>
      {/* The keys are drawn from data attributes by CSS, so they are not part of the button's text: its name, "Search",
          then contains all the text it shows (WCAG 2.5.3), and aria-keyshortcuts announces the shortcut. */}
      <span className="search-button__keys" aria-hidden="true">
        <kbd className="search-button__key" data-key={modifier} />
        <kbd className="search-button__key" data-key="K" />
      </span>
    </button>
  );
}
