// Sign-in destinations and the generated display name.
import { describe, expect, it } from 'vitest';
import { afterSignIn, confirmUrl, destinationAfterSignIn, randomDisplayName } from './destinations';

describe('destinationAfterSignIn', () => {
  it('goes to the chart the modal was opened from, else the remembered path, else the dashboard', () => {
    expect(destinationAfterSignIn({ fromChartId: 12, next: '/app/settings' })).toBe('/app/chart?id=12');
    expect(destinationAfterSignIn({ next: '/app/settings' })).toBe('/app/settings');
    expect(destinationAfterSignIn({})).toBe('/app/dashboard');
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
