/** Rows per block of the server row model (rowSource.ts); the route asks for a screen's first block before the grid is there (core/firstRows.ts). */
export { BLOCK_SIZE } from '../../../core/firstRows.ts';
