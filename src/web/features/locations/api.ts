import { listResource } from '../../lib/list-queries';

/** PUT /locations/{id} sends the id in the body too. */
const locations = listResource('/locations', { errorMessage: 'Failed to load locations' }, (location) => location);

export const locationsQuery = locations.query;
export const useSaveLocation = locations.useSave;
export const useDeleteLocation = locations.useDelete;
