// Public system settings (spec section 7, config/system/{key}/).
import { publicSetting } from '../../settings';
import { defineHandlers } from '../operation-routes';

export const configHandlers = defineHandlers({
  getSystemSetting: (c, { params: { key } }) => publicSetting(c.get('deps').db, key),
});
