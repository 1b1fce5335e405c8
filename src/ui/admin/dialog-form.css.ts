import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

/** A dialog with a form (the puppies' and litters' forms and confirmations, removing a passkey). */
export const panel = style({
  width: '100%',
  maxWidth: '40rem',
  display: 'grid',
  gap: vars.space.md,
});

export const dialogTitle = style({ fontSize: '1.5rem', color: vars.color.brownDark });

/**
 * Also the photos' fieldset, whose default minimum width is its content's and whose implicit grid
 * column grew to its widest line (a 427 px dialog on a 360 px phone): one column no wider than the
 * form lets every line wrap.
 */
export const form = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  minInlineSize: 0,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

/** A radio button or checkbox with its label, a 44 px target (the site editor's and every form's). */
export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
});

/** Short fields side by side from md on, three to a line (coat, color, personality; the parents). */
export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
