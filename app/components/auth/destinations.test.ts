// Sign-in destinations and the generated display name.
import { describe, expect, it } from 'vitest';
import { afterSignIn, confirmUrl, destinationAfterSignIn, randomDisplayName } from './destinations';

describe('destinationAfterSignIn', () => {
  it('goes to the chart the modal was opened from, else the remembered path, else the dashboard', () => {
    expect(destinationAfterSignIn({ fromChartId: 12, next: '/app/settings' })).toBe('/app/chart?id=12');
    expect(destinationAfterSignIn({ next: '/app/settings' })).toBe('/app/settings');
    expect(destinationAfterSignIn({})).toBe('/app/dashboard');
  });

  it('carries the view of the chart whose Follow button opened the modal, to follow it with that view', () => {
    expect(
      destinationAfterSignIn({ fromChartId: 12, fromChartView: 'chart_type=line&country[]=DE&time_start=2/2024' }),
    ).toBe('/app/chart?id=12&follow=1&chart_type=line&country[]=DE&time_start=2/2024');
    // The view cannot name another chart or leave the page.
    expect(destinationAfterSignIn({ fromChartId: 12, fromChartView: 'id=13&x=%23y' })).toBe(
      '/app/chart?id=12&follow=1&x=%23y',
    );
  });

  it('ignores a remembered path that leaves the site', () => {
    expect(destinationAfterSignIn({ next: '//evil.example' })).toBe('/app/dashboard');
    expect(destinationAfterSignIn({ next: 'https://evil.example' })).toBe('/app/dashboard');
  });
});

describe('afterSignIn and confirmUrl', () => {
  it('sends first sign-ins through onboarding and carries the destination', () => {
    expect(afterSignIn('/app/chart?id=3', false)).toBe('/onboarding?next=%2Fapp%2Fchart%3Fid%3D3');
    expect(afterSignIn('/app/chart?id=3', true)).toBe('/app/chart?id=3');
    expect(confirmUrl('/app/dashboard')).toBe('/confirm?next=%2Fapp%2Fdashboard');
  });
});

describe('randomDisplayName', () => {
  it("is 'User_' and six uppercase letters", () => {
    expect(randomDisplayName()).toMatch(/^User_[A-Z]{6}$/);
    expect(randomDisplayName(() => new Uint8Array([0, 1, 2, 25, 26, 255]))).toBe('User_ABCZAV');
  });
});
