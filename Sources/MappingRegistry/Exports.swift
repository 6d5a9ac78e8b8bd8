// A view, a handler and a host need only `import MappingRegistry`: the
// types a mapping's user writes against (`ModelTransfer`, `ItemPosition`,
// the storages) come from ModelStorage, which stays usable on its own.
@_exported import ModelStorage
