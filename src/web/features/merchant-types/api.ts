import { queryOptions } from '@tanstack/react-query';
import type { MerchantType } from '../../../shared/types';
import { api } from '../../lib/api';

export const merchantTypesQuery = queryOptions({
  queryKey: ['merchant-types'],
  queryFn: () => api.get<MerchantType[]>('merchant-types'),
});
