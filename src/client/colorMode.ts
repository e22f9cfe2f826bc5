/**
 * Keeps the colour mode in step after load (the inline head script set it before first paint): a choice saved in
 * another tab, or a change of the system preference when it is respected and nothing is saved (SPEC §3–4).
 */
import { readStorage } from '../theme/utils/storage.js';
import type { ThemeSettings } from '../shared/types.js';

export function syncColorMode(colorMode: ThemeSettings['colorMode']): void {
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  const saved = () => {
    if (colorMode.disableSwitch) return null;
    const value = readStorage('theme');
    return value === 'light' || value === 'dark' ? value : null;
  };
  const apply = () => {
    const systemMode = system.matches ? 'dark' : 'light';
    document.documentElement.setAttribute(
      'data-theme',
      saved() ?? (colorMode.respectPrefersColorScheme ? systemMode : colorMode.defaultMode),
    );
  };
  if (!colorMode.disableSwitch) {
    window.addEventListener('storage', (event) => {
      if (event.key === 'theme' || event.key === null) apply();
    });
  }
  if (colorMode.respectPrefersColorScheme) system.addEventListener('change', apply);
}
