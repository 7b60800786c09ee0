import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { GridModel } from '../../columns.ts';
import type { Revealed } from '../../rowModel/reveal.ts';
import type { GridQuery } from '../query/query.types.ts';
import type { RangeApi } from '../range/range.types.ts';

export interface MasterDetailInput {
  screen: ScreenDescriptor;
  model: GridModel;
  q: GridQuery;
  range: RangeApi;
  reveal: Revealed | null | undefined;
  firstDataCol: number;
  /** Grouped rows have no one position: a revealed row is not looked for. */
  grouped: boolean;
}
