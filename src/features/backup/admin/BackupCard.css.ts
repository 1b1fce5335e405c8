import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const warning = style({ margin: `0 ${vars.space.lg} ${vars.space.lg}` });

export const line = style({ overflowWrap: 'anywhere' });
