/**
 * The back office's route loader, a chunk of its own with no dependencies: the shop's first load names only
 * this file (not the back office's many chunks), so the first-load budget of / stays untouched.
 */
export async function loadStaffApp() {
  const [page] = await Promise.all([import('./StaffApp.tsx'), import('../../styles/mantine-more.ts')]);
  return { Component: page.default };
}
