import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const panel = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const order = style({ margin: 0, paddingLeft: '1.5rem', display: 'grid', gap: vars.space.xs });

export const turn = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline' });

/** What a family typed as its name: kept whole, wrapped anywhere. */
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const start = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });

export const select = style({ appearance: 'auto' });
