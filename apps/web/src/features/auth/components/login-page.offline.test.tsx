import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { LoginPage } from './login-page';

// The code behind Login is downloaded on first use; a dropped connection makes that download
// fail, which the page must say instead of doing nothing.
vi.mock('./submit-login', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('LoginPage without a connection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the code behind Login cannot be downloaded, and can be pressed again', async () => {
    // The page's "signed in already?" question fails like every other request.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<LoginPage kind="student" />, { initialUrl: '/login' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'student@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not reach the server. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('student@demo.test');
  });
});
