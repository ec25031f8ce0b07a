import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { sessionUser } from '../../../test/session-user';
import { ProfileMenu } from './profile-menu';

const USER = sessionUser({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dr. Asha Rao',
  email: 'asha@example.org',
  role: 'professor',
  referralId: 'REF123',
  paid: false,
  college: null,
  department: null,
});

function avatarOf(container: HTMLElement) {
  const button = screen.getByRole('button', { name: 'Hello, Dr. Asha Rao' });
  expect(container.contains(button)).toBe(true);
  return button.querySelector('.mantine-Avatar-root') as HTMLElement;
}

describe('ProfileMenu avatar', () => {
  it('shows the uploaded photo from the file route', async () => {
    const photo = '/api/v1/files/00000000-0000-4000-8000-0000000000f1';
    const { container } = renderWithApp(
      <ProfileMenu user={{ ...USER, profilePic: photo }} onUpdatePassword={() => {}} onLogout={() => {}} />,
    );
    await screen.findByRole('button', { name: 'Hello, Dr. Asha Rao' });
    const img = avatarOf(container).querySelector('img');
    expect(img?.getAttribute('src')).toBe(photo);
  });

  it('shows the initials, without the title, when there is no photo', async () => {
    const { container } = renderWithApp(
      <ProfileMenu user={USER} onUpdatePassword={() => {}} onLogout={() => {}} />,
    );
    await screen.findByRole('button', { name: 'Hello, Dr. Asha Rao' });
    const avatar = avatarOf(container);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.textContent).toBe('AR');
  });
});

describe('ProfileMenu install item (issue 29)', () => {
  it('offers "Install app" only while the browser offers to install, and asks the browser on a tap', async () => {
    const { unmount } = renderWithApp(
      <ProfileMenu user={USER} onUpdatePassword={() => {}} onLogout={() => {}} onInstall={null} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Hello, Dr. Asha Rao' }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    expect(screen.queryByRole('menuitem', { name: 'Install app' })).toBeNull();
    unmount();

    const onInstall = vi.fn();
    renderWithApp(
      <ProfileMenu user={USER} onUpdatePassword={() => {}} onLogout={() => {}} onInstall={onInstall} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Hello, Dr. Asha Rao' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Install app' }));
    expect(onInstall).toHaveBeenCalledTimes(1);
  });
});
