import { cardGrid } from '../../../ui/landing/card-grid';

/** Spec: 1, 2 or 3 columns. */
export const grid = cardGrid(2, 3);
