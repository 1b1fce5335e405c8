import { style } from '@vanilla-extract/css';
import { vars } from '../../theme.css';

export const card = style({ width: '100%', maxWidth: '28rem' });

export const form = style({ display: 'grid', gap: vars.space.md });

export const back = style({
  justifySelf: 'center',
  color: vars.color.gold,
  fontWeight: 600,
  padding: vars.space.xs,
});
