/** A number cell: up to 3 decimals in the language's digits (core/columnTypes/number.ts `format`). */
import { numberCell } from '../int/Display.tsx';

export const numberDisplay = numberCell('number');
