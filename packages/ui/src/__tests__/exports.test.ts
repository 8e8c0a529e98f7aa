import { describe, expect, it } from 'vitest';
import * as ui from '../index';

describe('@purchasing/ui', () => {
  it('exports exactly the public API (a change here is a public API change)', () => {
    expect(Object.keys(ui).sort()).toMatchSnapshot();
  });
});
