import { Link } from '@tanstack/react-router';
import { LogOut, Monitor, Moon, Sun, User } from 'lucide-react';
import type { ReactElement } from 'react';
import { setTheme, useThemeChoice, type ThemeChoice } from '../../app/theme';
import { DropdownMenu, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator } from '../../components/dropdown-menu';
import { useMe } from './current-scope';
import { initials } from './initials';
import styles from './topbar.module.css';

/** The person's menu: their account page, the theme, sign out. */
export function UserMenu(): ReactElement {
  const me = useMe();
  const theme = useThemeChoice();
  const name = me.user?.name ?? 'Operator';
  return (
    <DropdownMenu
      label="Account"
      trigger={
        <button type="button" className={styles.avatarButton}>
          <span aria-hidden="true">{initials(name)}</span>
          <span className="visually-hidden">Account menu for {name}</span>
        </button>
      }
    >
      <MenuLabel>
        <span className={styles.menuName}>{name}</span>
        {me.user && <span className={styles.menuEmail}>{me.user.email}</span>}
      </MenuLabel>
      <MenuItem asChild>
        <Link to="/me"><User size={16} aria-hidden />Your account</Link>
      </MenuItem>
      <MenuSeparator />
      <MenuLabel>Theme</MenuLabel>
      <MenuRadioGroup label="Theme" value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
        <MenuRadioItem value="light"><Sun size={16} aria-hidden />Light</MenuRadioItem>
        <MenuRadioItem value="dark"><Moon size={16} aria-hidden />Dark</MenuRadioItem>
        <MenuRadioItem value="system"><Monitor size={16} aria-hidden />System</MenuRadioItem>
      </MenuRadioGroup>
      <MenuSeparator />
      <MenuItem asChild>
        <Link to="/sign-out"><LogOut size={16} aria-hidden />Sign out</Link>
      </MenuItem>
    </DropdownMenu>
  );
}
