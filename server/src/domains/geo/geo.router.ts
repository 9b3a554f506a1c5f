import { router } from '../../trpc/procedures.js';

export const geoRouter = router({});
