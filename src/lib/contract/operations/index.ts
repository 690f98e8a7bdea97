// The schemas of every call, by the names of ../routes (server side and types only: the browser
// must not import this module's values, it would ship valibot).
import type { OperationSchemas } from '../operation';
import type { OperationName } from '../routes';
import { accountOperations } from './accounts';
import { b2bOrderingOperations } from './b2b-ordering';
import { catalogueOperations } from './catalogue';
import { orderingOperations } from './ordering';
import { signUpOperations } from './sign-up';

export const OPERATION_SCHEMAS = { ...accountOperations, ...catalogueOperations, ...orderingOperations, ...b2bOrderingOperations, ...signUpOperations } satisfies Record<OperationName, OperationSchemas>;
