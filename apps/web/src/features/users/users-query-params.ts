import { userListQuerySchema } from '@signet/contracts/users';
import type { UserListQuery } from '@signet/contracts/users';
import { listQueryParams } from '../../shared/lists/list-query-params';

/** The Users list query in the address, under the API's own parameter names. */
const usersQuery = listQueryParams<UserListQuery>(userListQuerySchema);

export const readUsersQuery = usersQuery.read;
export const writeUsersQuery = usersQuery.write;
