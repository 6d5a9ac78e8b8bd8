import Foundation

// `swift run menu [render|validate] …`: the library's command front end with
// the restaurant menu's plugins and its bundled mappings and data.
exit(MenuCommand.run())
