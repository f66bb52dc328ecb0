// The mode and permission rules live in schemas/logic (the server evaluates them too).
export * from '../../schemas/logic/permissions';
