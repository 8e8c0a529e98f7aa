import { describe, expect, it } from 'vitest';
import * as screens from '../index';

describe('@purchasing/screens', () => {
  it('exports exactly the public API (a change here is a public API change)', () => {
    expect(Object.keys(screens).sort()).toMatchSnapshot();
  });
});
