import { describe, expect, it } from 'vitest';
import { HALF_LAYOUT_MAX_WIDTH } from '../../charts';
import { UNMEASURED_MAP_CLASS } from './region-map';

describe('RegionMap before it is measured', () => {
  it('switches to the wide height where heightFor does (the container query names HALF_LAYOUT_MAX_WIDTH)', () => {
    expect(UNMEASURED_MAP_CLASS).toContain(`@[${HALF_LAYOUT_MAX_WIDTH}px]:[&_svg]:h-(--wide)`);
  });
});
