// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/** The page skeleton inside #__wiki: skip link, announcement bar, navbar, mobile drawer, main area, footer. */
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { SidebarItem } from '../../shared/types.js';
import { AnnouncementBar } from '../AnnouncementBar/index.js';
import { Footer } from '../Footer/index.js';
import { MobileSidebar } from '../MobileSidebar/index.js';
import { Navbar } from '../Navbar/index.js';
import { useThemeContext } from '../ThemeContext/index.js';

export interface LayoutProps {
  /** The docs sidebar shown in the mobile drawer (empty on special pages). */
  readonly sidebar: readonly SidebarItem[];
  readonly children: ReactNode;
}

export function Layout({ sidebar, children }: LayoutProps) {
  const { route } = useThemeContext();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const toggleDrawer = useCallback(() => setDrawerOpen((open) => !open), []);
  useEffect(() => closeDrawer(), [route, closeDrawer]);
  return (
    <>
      <div className="skip-to-content">
        <a className="skip-to-content__link" href="#__main">
          Skip to main content
        </a>
      </div>
      <AnnouncementBar />
      <Navbar mobileSidebarOpen={drawerOpen} onToggleMobileSidebar={toggleDrawer} />
      {drawerOpen && <MobileSidebar sidebar={sidebar} onClose={closeDrawer} />}
      <div className="main-wrapper">{children}</div>
      <Footer />
    </>
  );
}
