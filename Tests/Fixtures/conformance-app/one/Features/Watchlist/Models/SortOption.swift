// A fixture written for the workbench's tests, in the app's layout: not the app's code.
/// How the list is sorted.
enum SortOption: String {
    case marketCap, name
}
