import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../theme.css';

export const breadcrumb = style({ color: vars.color.muted, fontSize: '0.9rem' });

export const crumbs = style({
  display: 'flex',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

globalStyle(`${crumbs} a`, { color: vars.color.gold, fontWeight: 600 });

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': {
    [breakpoints.md]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
  },
});

export const title = style({ fontSize: '2rem', color: vars.color.brownDark });

export const account = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const who = style({ display: 'grid', minWidth: 0 });

export const role = style({
  color: vars.color.muted,
  fontSize: '0.85rem',
  fontWeight: 600,
});

export const username = style({ fontWeight: 600, overflowWrap: 'anywhere' });
