/** The management layer's previous-state checks; lib/previous-state runs them with every other layer's. */
import type { PreviousStateCheck } from '../core/previous-state';
import { autoImportCheck } from './auto-import-check';
import { restoreCheck } from './restore-check';

export const MANAGEMENT_PREVIOUS_STATE_CHECKS: readonly PreviousStateCheck[] = [restoreCheck, autoImportCheck];
