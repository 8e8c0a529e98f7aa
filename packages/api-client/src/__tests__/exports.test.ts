import { expect, it } from 'vitest';

it('exports exactly the public API (a change here is a change of the published package)', async () => {
  const exported = Object.keys(await import('../index')).sort();

  expect(exported).toMatchSnapshot();
});
