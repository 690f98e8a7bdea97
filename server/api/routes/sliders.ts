// Sliders of the home pages (spec section 7, sliders/).
import { listSliders } from '../../content/sliders';
import { defineHandlers } from '../operation-routes';

export const sliderHandlers = defineHandlers({
  listSliders: async (c, { query: q }) => {
    const results = await listSliders(c.get('deps').db, c.get('locale'), q.code);
    return { results, count: results.length };
  },
});
