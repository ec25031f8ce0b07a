import type { CoordinatorDashboard } from '@pgel/shared/drp/coordinator-dashboard';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as DashboardRoute } from '../../../app/routes/dashboard';
import { storeUser } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { stubScreenWidth } from '../../../test/screen-width';
import { sessionUser } from '../../../test/session-user';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const COORDINATOR = sessionUser({
  id: '00000000-0000-4000-8000-0000000000e9',
  name: 'Dr. Bora',
  role: 'drp_coordinator',
  college: null,
  department: null,
  course: null,
  unitHead: null,
});

const resident = (n: number, name: string, daysToMark: number) => ({
  postingId: `00000000-0000-4000-8000-0000000000b${n}`,
  student: { id: `00000000-0000-4000-8000-0000000000a${n}`, name },
  institution: 'District Hospital Tezpur',
  scheduleFrom: '2026-03-02',
  scheduleTo: '2026-05-31',
  daysToMark,
});

const FIGURES: CoordinatorDashboard = {
  residents: [
    resident(1, 'Asha Nair', 26),
    resident(2, 'Bilal Khan', 0),
    resident(3, 'Chitra Rao', 1),
    resident(4, 'Dev Mehta', 0),
    resident(5, 'Esha Paul', 0),
  ],
  daysToMark: 27,
  toVerify: { activities: 3, logbooks: 0 },
};

function renderDashboard(width: number) {
  stubScreenWidth(width);
  storeUser(COORDINATOR);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/auth/me')) return json({ user: COORDINATOR });
      if (url.includes('/drp/coordinator-dashboard')) return json(FIGURES);
      if (url.includes('/records/pending')) return json({ items: [], total: 0, page: 1, pageSize: 10 });
      return json({ code: 'not_found', message: 'nope' }, 404);
    }),
  );
  renderWithApp(<DashboardRoute />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe("a DRP coordinator's dashboard (issue 28)", () => {
  it.each([1366, 390])(
    'at %i px: their residents, days to mark and entries to verify, each leading to its page; no N/A',
    async (width) => {
      renderDashboard(width);
      const residents = await screen.findByRole(
        'link',
        { name: /^Residents 5 residents,/ },
        { timeout: 5000 },
      );
      expect(residents.getAttribute('href')).toBe('/drp/attendence');
      expect(within(residents).getByText('Asha Nair')).toBeTruthy();
      expect(within(residents).getByText('Dev Mehta')).toBeTruthy();
      // The first four by name, then how many more.
      expect(within(residents).queryByText('Esha Paul')).toBeNull();
      expect(within(residents).getByText('+ 1 more')).toBeTruthy();

      const days = screen.getByRole('link', { name: /^Days to mark 27 days, of 2 residents, up to today/ });
      expect(days.getAttribute('href')).toBe('/drp/attendence');
      const activities = screen.getByRole('link', {
        name: /^Activities to verify 3 entries, pending activities/,
      });
      expect(activities.getAttribute('href')).toBe('/drp/proc');
      const logbooks = screen.getByRole('link', {
        name: /^DRP Records to verify 0 entries, Nothing waiting for you\./,
      });
      expect(logbooks.getAttribute('href')).toBe('/drp/offline');

      // The college, department, course and unit head tiles, all N/A for a coordinator, are gone.
      expect(screen.queryByText('N/A')).toBeNull();
      expect(screen.queryByText('Unit Head')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Your college and course' })).toBeNull();
    },
  );
});
