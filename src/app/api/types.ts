import type { components, operations } from '../../generated/api.ts';
import type { ProcedureName } from '../../../schemas/api.ts';

/** Request and response bodies of /rpc/{name}, from the OpenAPI document (openapi-typescript). */
export type RpcInput<N extends ProcedureName> = NonNullable<operations[N]['requestBody']>['content']['application/json'];
export type RpcOutput<N extends ProcedureName> = operations[N]['responses'][200]['content']['application/json'];

export type UserInfo = RpcOutput<'user'>;
export type MenuNode = UserInfo['menu'][number];
export type Currency = RpcOutput<'currencies'>['data']['currencies'][number];
export type Language = RpcOutput<'init'>['data']['languages'][number];
export type Shop = operations['shops']['responses'][200]['content']['application/json'][number];

type Schemas = components['schemas'];
/** The answer schemas of api_action (the `…Output` components with `data`), by name. */
export type ActionAnswer = { [K in keyof Schemas]: Schemas[K] extends { data: unknown } ? K : never }[keyof Schemas];
/** The `data` of an api_action answer schema. */
export type ActionData<K extends ActionAnswer> = Schemas[K] extends { data: infer D } ? D : never;
