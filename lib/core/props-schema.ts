/**
 * How the published declarations show a props schema: as a Standard Schema (standardschema.dev),
 * the vendor-neutral interface the library's valibot schemas implement. Check a value with
 * `schema['~standard'].validate(value)`, or hand the schema to a tool that takes Standard Schemas.
 * The declarations name no schema library, so a consumer's compiler never checks one.
 * (`checkHostedCluster` and friends give the same findings with a fix for each.)
 */
export interface PropsSchema<Output> {
  readonly '~standard': {
    readonly version: 1;
    /** The library that checks the values (`valibot`). */
    readonly vendor: string;
    readonly validate: (value: unknown) => PropsSchemaResult<Output> | Promise<PropsSchemaResult<Output>>;
    /** The checked type, for tools that infer it. */
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** What {@link PropsSchema} validation gives: the value, or what is wrong with it and where. */
export type PropsSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
      }>;
    };
