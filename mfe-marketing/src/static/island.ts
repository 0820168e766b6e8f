// The one script of the static pages (docs/decisions/024-static-marketing-pages.md): the header's
// phone menu and the language switcher. It runs once the page is parsed (`defer`).
import { connectHeaderMenu, connectLanguageSwitcher } from './header-island';

connectHeaderMenu(window);
connectLanguageSwitcher(window);
