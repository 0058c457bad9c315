// Compile-time check: each public type of @keyturn/api and the published description's schema it
// mirrors (published.gen.ts) are assignable both ways, so a field required on one side and optional
// or absent on the other fails `tsc`. Deliberate differences, each checked one way only:
// - `action` and `status` are open string sets here (an action added later must not break clients),
//   so only "every published value is one of ours" is checked;
// - ErrorBody reads any error body, so every field is optional here.

import type {
  ApiKey,
  ApiKeyCreator,
  CreateApiKeyParams,
  CreatedApiKey,
  CreatedOrganizationApiKey,
  CreateOrganizationApiKeyParams,
  ErrorBody,
  Operation,
  OperationsPage,
  OrganizationApiKey,
  Project,
  RevokedApiKey,
  RevokedOrganizationApiKey,
} from '../../src/types.js';
import type { components } from './published.gen.js';

type Published = components['schemas'];

/** Compiles only when `From` is assignable to `To`; tsc's error names the field that is not. */
function assignable<To>(_value: To): void {}
declare function value<T>(): T;

/** The named fields of T (no index signature), with `action` and `status` read as plain strings. */
type Closed<T> = { [K in keyof T as string extends K ? never : K]: K extends 'action' | 'status' ? string : T[K] };

assignable<Published['ApiKeyCreateResponse']>(value<CreatedApiKey>());
assignable<CreatedApiKey>(value<Published['ApiKeyCreateResponse']>());

assignable<Published['ApiKeysListResponseItem']>(value<ApiKey>());
assignable<ApiKey>(value<Published['ApiKeysListResponseItem']>());

assignable<Published['ApiKeyCreatorData']>(value<ApiKeyCreator>());
assignable<ApiKeyCreator>(value<Published['ApiKeyCreatorData']>());

assignable<Published['ApiKeyRevokeResponse']>(value<RevokedApiKey>());
assignable<RevokedApiKey>(value<Published['ApiKeyRevokeResponse']>());

assignable<Published['ApiKeyCreateRequest']>(value<CreateApiKeyParams>());
assignable<CreateApiKeyParams>(value<Published['ApiKeyCreateRequest']>());

assignable<Published['OrgApiKeyCreateRequest']>(value<CreateOrganizationApiKeyParams>());
assignable<CreateOrganizationApiKeyParams>(value<Published['OrgApiKeyCreateRequest']>());

assignable<Published['OrgApiKeyCreateResponse']>(value<CreatedOrganizationApiKey>());
assignable<CreatedOrganizationApiKey>(value<Published['OrgApiKeyCreateResponse']>());

assignable<Published['OrgApiKeysListResponseItem']>(value<OrganizationApiKey>());
assignable<OrganizationApiKey>(value<Published['OrgApiKeysListResponseItem']>());

assignable<Published['OrgApiKeyRevokeResponse']>(value<RevokedOrganizationApiKey>());
assignable<RevokedOrganizationApiKey>(value<Published['OrgApiKeyRevokeResponse']>());

assignable<Published['ProjectListItem']>(value<Project>());
assignable<Project>(value<Published['ProjectListItem']>());

assignable<Closed<Published['Operation']>>(value<Closed<Operation>>());
assignable<Closed<Operation>>(value<Closed<Published['Operation']>>());
assignable<Operation['action']>(value<Published['OperationAction']>());
assignable<Operation['status']>(value<Published['OperationStatus']>());

type PublishedPage = Published['OperationsResponse'] & Published['PaginationResponse'];
assignable<OperationsPage>(value<PublishedPage>());
assignable<Published['PaginationResponse']>(value<Pick<OperationsPage, 'pagination'>>());

assignable<ErrorBody>(value<Published['GeneralError']>());
