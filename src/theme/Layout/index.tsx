/** The page skeleton inside #__wiki: skip link, announcement bar, navbar, mobile drawer, main area, footer. */
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { SidebarItem } from '../../shared/types.js';
import { AnnouncementBar } from '@theme/AnnouncementBar';
import { Footer } from '@theme/Footer';
import { MobileSidebar } from '@theme/MobileSidebar';
import { Navbar } from '@theme/Navbar';
import { useThemeContext } from '../ThemeContext/index.js';
import { Translate } from '../Translate/index.js';

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
          <Translate
            id="theme.common.skipToMainContent"
            description="The skip link for keyboard and screen reader users"
          >
            Skip to main content
          </Translate>
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
