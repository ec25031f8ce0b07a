import { Collapse, NavLink, Stack } from '@mantine/core';
import { type NavGroupItem, type NavItem, type NavLinkItem, normalisePath } from '@pgel/shared/navigation';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_ICONS } from '../nav-icons';

type SidebarNavProps = {
  items: NavItem[];
  /** Called after a link is followed (the phone layout closes the sidebar). */
  onNavigate?: () => void;
};

/** The active state follows the router's matching (no case, no trailing slash). */
function samePath(a: string, b: string): boolean {
  return normalisePath(a) === normalisePath(b);
}

/** Lets long titles such as 'Conferences/CME/Workshops' wrap after a slash (no text added). */
function breakableTitle(title: string): ReactNode {
  const parts = title.split('/');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed title never reorder
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

function groupsContaining(items: NavItem[], pathname: string): string[] {
  return items.flatMap((item) =>
    item.kind === 'group' && item.children.some((link) => samePath(link.path, pathname)) ? [item.id] : [],
  );
}

/**
 * The sidebar's links (spec 01 section 2.11). Submenus are disclosure buttons (aria-expanded)
 * rather than Mantine's nested NavLink, whose root is an anchor without href and so cannot be
 * reached with the keyboard.
 */
export function SidebarNav({ items, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () => new Set(groupsContaining(items, pathname)),
  );

  // Following a link from elsewhere (dashboard card, notification) opens its submenu.
  useEffect(() => {
    const active = groupsContaining(items, pathname);
    if (active.length === 0) return;
    setOpenGroups((open) => (active.every((id) => open.has(id)) ? open : new Set([...open, ...active])));
  }, [items, pathname]);

  const toggle = (id: string) =>
    setOpenGroups((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap={2}>
      {items.map((item) =>
        item.kind === 'link' ? (
          <SidebarLink key={item.path} link={item} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <SidebarGroup
            key={item.id}
            group={item}
            pathname={pathname}
            opened={openGroups.has(item.id)}
            onToggle={() => toggle(item.id)}
            onNavigate={onNavigate}
          />
        ),
      )}
    </Stack>
  );
}

type SidebarLinkProps = { link: NavLinkItem; pathname: string; onNavigate?: () => void; nested?: boolean };

function SidebarLink({ link, pathname, onNavigate, nested = false }: SidebarLinkProps) {
  const Icon = NAV_ICONS[link.icon];
  const isActive = samePath(link.path, pathname);
  return (
    <NavLink
      component={Link}
      to={link.path}
      label={breakableTitle(link.title)}
      leftSection={<Icon size={nested ? 16 : 20} stroke={1.6} aria-hidden />}
      px={nested ? 'xs' : undefined}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      fw={isActive ? 600 : 500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

type SidebarGroupProps = {
  group: NavGroupItem;
  pathname: string;
  opened: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
};

function SidebarGroup({ group, pathname, opened, onToggle, onNavigate }: SidebarGroupProps) {
  const Icon = NAV_ICONS[group.icon];
  const panelId = useId();
  const containsActive = group.children.some((link) => samePath(link.path, pathname));
  return (
    <div>
      <NavLink
        component="button"
        type="button"
        label={group.title}
        leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
        rightSection={
          <IconChevronRight
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        }
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={onToggle}
        fw={containsActive ? 600 : 500}
        c={containsActive ? 'brand.8' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      <Collapse expanded={opened} id={panelId}>
        <Stack gap={2} pl={6} ml={21} py={2} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
          {group.children.map((link) => (
            <SidebarLink key={link.path} link={link} pathname={pathname} onNavigate={onNavigate} nested />
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}
